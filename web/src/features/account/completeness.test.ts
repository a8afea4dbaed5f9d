import { describe, expect, it } from 'vitest';
import { profileCompleteness } from './completeness';

const empty = { firstName: null, lastName: null, email: null, phone: null, bio: null };

describe('profileCompleteness', () => {
  it('counts each of the five fields as a fifth', () => {
    expect(profileCompleteness(empty)).toEqual({ percent: 0, missing: ['firstName', 'lastName', 'email', 'phone', 'bio'] });
    expect(profileCompleteness({ ...empty, firstName: 'Sam', lastName: 'Rivera', email: 'sam@example.com' })).toEqual({
      percent: 60,
      missing: ['phone', 'bio'],
    });
    expect(profileCompleteness({ firstName: 'Sam', lastName: 'Rivera', email: 's@example.com', phone: '+1 555', bio: 'Hi' }).percent).toBe(
      100,
    );
  });

  it('takes a blank value for a missing one', () => {
    expect(profileCompleteness({ ...empty, firstName: 'Sam', bio: '   ', phone: '' })).toEqual({
      percent: 20,
      missing: ['lastName', 'email', 'phone', 'bio'],
    });
  });
});
