import type { Client } from './app.ts';
import { uniqueName } from './app.ts';

/** Creates skills by name (or finds them) and returns their ids. */
export async function skillIds(client: Client, names: string[]): Promise<number[]> {
  const existing: Array<{ id: number; name: string }> = (await client.get('/api/skills')).json();
  const ids: number[] = [];
  for (const name of names) {
    const found = existing.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (found) ids.push(found.id);
    else {
      const res = await client.post('/api/skills', { name });
      if (res.statusCode !== 201) throw new Error(`skill: ${res.statusCode} ${res.body}`);
      ids.push(res.json().id);
    }
  }
  return ids;
}

export async function createTechnician(client: Client, over: Record<string, unknown> = {}, skills = ['Brakes']) {
  const email = `${uniqueName('tech')}@example.com`;
  const res = await client.post('/api/technicians', {
    firstName: 'Karim',
    lastName: 'Nasser',
    email,
    phone: '+971500000001',
    title: 'Brake Specialist',
    skills: await skillIds(client, skills),
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`technician: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createTask(client: Client, over: Record<string, unknown> = {}) {
  const res = await client.post('/api/tasks', { title: uniqueName('Task '), priority: 'medium', ...over });
  if (res.statusCode !== 201) throw new Error(`task: ${res.statusCode} ${res.body}`);
  return res.json();
}
