/** Sample data for the admin seed: realistic names, skills and jobs of a vehicle-service workshop. */
export const SEED_SKILLS = [
  'Brakes', 'Engine Diagnostics', 'Electrical', 'Air Conditioning', 'Transmission',
  'Suspension', 'Tyres & Wheels', 'Oil Service', 'Bodywork', 'Hybrid & EV',
];

export const SEED_PEOPLE: Array<[string, string, string]> = [
  ['Omar', 'Haddad', 'Senior Technician'], ['Lina', 'Saleh', 'Diagnostics Specialist'],
  ['Yusuf', 'Karim', 'Master Mechanic'], ['Sara', 'Mansour', 'EV Technician'],
  ['Khalid', 'Nasser', 'Brake Specialist'], ['Maya', 'Fadel', 'Auto Electrician'],
  ['Tariq', 'Aziz', 'Tyre Technician'], ['Hana', 'Ibrahim', 'AC Technician'],
  ['Daniel', 'Brooks', 'Transmission Specialist'], ['Priya', 'Nair', 'Service Technician'],
  ['Marco', 'Rossi', 'Body Repair Technician'], ['Aisha', 'Rahman', 'Junior Technician'],
];

export const SEED_LOCATIONS = ['Main Workshop', 'Bay 2', 'Downtown Branch', 'Mobile Unit', 'Airport Road'];

export const SEED_JOBS: Array<[string, string, string, number]> = [
  ['Replace front brake pads', 'Pads worn below 3 mm; check discs for scoring.', 'Brakes', 1.5],
  ['Engine warning light diagnosis', 'Read fault codes and road-test.', 'Engine Diagnostics', 1],
  ['AC not cooling', 'Check refrigerant pressure and compressor clutch.', 'Air Conditioning', 2],
  ['Full synthetic oil service', 'Oil, filter, top-ups and 30-point check.', 'Oil Service', 1],
  ['Battery drains overnight', 'Parasitic draw test.', 'Electrical', 2],
  ['Gearbox slipping in 3rd', 'Inspect fluid and run adaptive reset.', 'Transmission', 3],
  ['Knocking from front suspension', 'Inspect drop links and bushes.', 'Suspension', 1.5],
  ['Rotate and balance tyres', 'Four tyres; check tread depth.', 'Tyres & Wheels', 0.5],
  ['Rear bumper scuff repair', 'Sand, fill, paint and blend.', 'Bodywork', 4],
  ['Hybrid battery health check', 'Cell balance and cooling fan inspection.', 'Hybrid & EV', 2],
  ['Replace cabin air filter', 'Customer reports musty smell.', 'Air Conditioning', 0.5],
  ['Headlight alignment', 'Adjust beam after bulb replacement.', 'Electrical', 0.5],
];
