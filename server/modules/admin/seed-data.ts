import { vinCheckDigit } from '../../../core/rules/vin.ts';

/** Sample data for the admin seed: realistic names, skills and jobs of a vehicle-service workshop. */
export const SEED_SKILLS = [
  'Brakes',
  'Engine Diagnostics',
  'Electrical',
  'Air Conditioning',
  'Transmission',
  'Suspension',
  'Tyres & Wheels',
  'Oil Service',
  'Bodywork',
  'Hybrid & EV',
];

export const SEED_PEOPLE: Array<[string, string, string]> = [
  ['Omar', 'Haddad', 'Senior Technician'],
  ['Lina', 'Saleh', 'Diagnostics Specialist'],
  ['Yusuf', 'Karim', 'Master Mechanic'],
  ['Sara', 'Mansour', 'EV Technician'],
  ['Khalid', 'Nasser', 'Brake Specialist'],
  ['Maya', 'Fadel', 'Auto Electrician'],
  ['Tariq', 'Aziz', 'Tyre Technician'],
  ['Hana', 'Ibrahim', 'AC Technician'],
  ['Daniel', 'Brooks', 'Transmission Specialist'],
  ['Priya', 'Nair', 'Service Technician'],
  ['Marco', 'Rossi', 'Body Repair Technician'],
  ['Aisha', 'Rahman', 'Junior Technician'],
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

// ---- Workshop sample data: customers, their vehicles, the parts store and job cards ----------

/** [first name, last name, e-mail name (null: no e-mail), city, phone prefix, address, postal code]. */
export const SEED_CUSTOMERS: Array<[string, string, string | null, string, string, string, string | null]> = [
  ['Layla', 'Al-Mansouri', 'layla.almansouri', 'Dubai', '+971 50', 'Villa 12, Al Wasl Road', null],
  ['محمد', 'العتيبي', 'mohammed.alotaibi', 'Riyadh', '+966 55', 'King Fahd Road 220, Al Olaya', '12214'],
  ['فاطمة', 'الزهراني', 'fatima.alzahrani', 'Jeddah', '+966 50', 'Al Rawdah District, Street 14', '23435'],
  ['James', 'Whitfield', 'james.whitfield', 'Manchester', '+44 7700', '14 Deansgate', 'M3 2BY'],
  ['Sophie', 'Martin', 'sophie.martin', 'Lyon', '+33 6', '8 Rue de la République', '69002'],
  ['Carlos', 'Mendoza', 'carlos.mendoza', 'Austin', '+1 512', '2100 S Lamar Blvd', '78704'],
  ['Priya', 'Sharma', null, 'Toronto', '+1 416', '55 Bloor St W', 'M4W 1A5'],
  ['Ahmed', 'Farouk', 'ahmed.farouk', 'Cairo', '+20 10', '23 Tahrir Square, Downtown', null],
  ['Hannah', 'Schmidt', 'hannah.schmidt', 'Munich', '+49 151', 'Leopoldstraße 40', '80802'],
  ['Khalid', 'Al-Rashid', 'khalid.alrashid', 'Doha', '+974 55', 'West Bay, Tower 3', null],
  ['يوسف', 'الحمادي', 'yousef.alhammadi', 'Abu Dhabi', '+971 52', 'Corniche Road West, Building 9', null],
  ['Emily', 'Carter', 'emily.carter', 'Denver', '+1 303', '1600 Champa St', '80202'],
  ['Rania', 'Saab', null, 'Beirut', '+961 3', 'Hamra Street 77', null],
  ['Daniel', "O'Connor", 'daniel.oconnor', 'Dublin', '+353 87', '12 Grafton Street', 'D02 VF65'],
  ['Mei', 'Tanaka', 'mei.tanaka', 'Vancouver', '+1 604', '800 Robson St', 'V6Z 3B7'],
  ['Tariq', 'Siddiqui', 'tariq.siddiqui', 'Sharjah', '+971 56', 'Al Majaz 2, Jamal Abdul Nasser St', null],
  ['نور', 'خليل', 'nour.khalil', 'Amman', '+962 79', 'Rainbow Street 14, Jabal Amman', '11181'],
  ['Grace', 'Okafor', 'grace.okafor', 'London', '+44 7911', '221 Baker Street', 'NW1 6XE'],
  ['Lucas', 'Silva', 'lucas.silva', 'Lisbon', '+351 91', 'Rua Augusta 100', '1100-053'],
  ['Aisha', 'Bakr', null, 'Muscat', '+968 92', 'Al Khuwair, Way 3305', null],
  ['Michael', 'Reyes', 'michael.reyes', 'Phoenix', '+1 602', '401 E Jefferson St', '85004'],
  ['Salma', 'Darwish', 'salma.darwish', 'Dubai', '+971 55', 'Jumeirah Lake Towers, Cluster D', null],
  ['Ethan', 'Brooks', 'ethan.brooks', 'Chicago', '+1 312', '233 S Wacker Dr', '60606'],
  ['Zainab', 'Hamdan', 'zainab.hamdan', 'Kuwait City', '+965 66', 'Salmiya, Block 10', null],
  ['Oliver', 'Bennett', 'oliver.bennett', 'Sydney', '+61 412', '1 Macquarie St', '2000'],
];

/**
 * [make, model, year, colour, mileage, VIN start (WMI and the five descriptor characters) or null].
 * With a VIN start the seed builds a full VIN with the model year, a serial and the check digit.
 */
export const SEED_VEHICLES: Array<[string, string, number, string, number, string | null]> = [
  ['Toyota', 'Land Cruiser', 2021, 'White', 64_200, null],
  ['Nissan', 'Patrol', 2019, 'Silver', 98_450, null],
  ['Toyota', 'Camry', 2022, 'Pearl White', 31_020, '4T1B11HK'],
  ['Honda', 'Accord', 2018, 'Black', 72_800, '1HGCV1F3'],
  ['Ford', 'F-150', 2020, 'Blue', 55_300, '1FTEW1EP'],
  ['Hyundai', 'Tucson', 2023, 'Grey', 12_650, null],
  ['Kia', 'Sportage', 2021, 'Red', 40_110, null],
  ['Lexus', 'RX 350', 2020, 'Black', 47_900, null],
  ['Mercedes-Benz', 'C 200', 2019, 'Silver', 61_700, null],
  ['BMW', 'X5', 2022, 'Black', 22_480, '5UXCR6C0'],
  ['Chevrolet', 'Tahoe', 2018, 'White', 110_340, '1GNSKBKC'],
  ['Tesla', 'Model 3', 2023, 'Red', 18_900, '5YJ3E1EA'],
  ['Volkswagen', 'Golf', 2017, 'Blue', 89_050, null],
  ['Mitsubishi', 'Pajero', 2016, 'Silver', 143_200, null],
  ['GMC', 'Yukon', 2021, 'Black', 38_760, '1GKS2BKD'],
  ['Jeep', 'Wrangler', 2020, 'Green', 51_230, '1C4HJXDG'],
  ['Mazda', 'CX-5', 2022, 'Soul Red', 26_400, null],
  ['Audi', 'A4', 2019, 'Grey', 58_870, null],
  ['Hyundai', 'Elantra', 2020, 'White', 49_610, '5NPD84LF'],
  ['Nissan', 'Altima', 2019, 'Grey', 67_330, '1N4BL4BV'],
  ['Toyota', 'Hilux', 2018, 'White', 152_000, null],
  ['Kia', 'Sorento', 2022, 'Blue', 20_750, '5XYPG4A5'],
  ['Land Rover', 'Range Rover Sport', 2021, 'Black', 33_100, null],
  ['Subaru', 'Outback', 2020, 'Green', 44_980, '4S4BTAPC'],
  ['Renault', 'Duster', 2019, 'Orange', 76_540, null],
  ['Peugeot', '3008', 2021, 'Grey', 35_670, null],
  ['Honda', 'CR-V', 2024, 'Blue', 6_300, '2HKRS4H7'],
  ['Ford', 'Mustang', 2018, 'Red', 39_800, '1FA6P8CF'],
  ['Toyota', 'Prius', 2017, 'Silver', 121_400, null],
  ['Volvo', 'XC90', 2022, 'White', 24_300, null],
  ['Chevrolet', 'Malibu', 2016, 'Black', 98_770, '1G1ZE5ST'],
  ['Nissan', 'Sunny', 2020, 'White', 58_020, null],
  ['Toyota', 'Yaris', 2023, 'Red', 9_870, null],
  ['Porsche', 'Cayenne', 2020, 'Black', 41_560, null],
  ['Ford', 'Explorer', 2019, 'Grey', 70_210, '1FM5K8GC'],
];

/** [SKU, name, category, brand, unit price, stock, minimum, shelf, supplier]: some low, some out of stock. */
export const SEED_PARTS: Array<[string, string, string, string, string, number, number, string, string]> = [
  ['FLT-OIL-T01', 'Oil filter (Toyota / Lexus)', 'Filters', 'Denso', '8.50', 48, 10, 'A1-01', 'Gulf Auto Parts'],
  ['FLT-OIL-H02', 'Oil filter (Honda)', 'Filters', 'Mann', '7.90', 36, 10, 'A1-02', 'Gulf Auto Parts'],
  ['FLT-AIR-100', 'Engine air filter', 'Filters', 'Mann', '18.00', 22, 6, 'A1-03', 'Gulf Auto Parts'],
  ['FLT-CAB-200', 'Cabin air filter, activated carbon', 'Filters', 'Bosch', '16.50', 4, 6, 'A1-04', 'Bosch Distribution'],
  ['FLT-FUEL-300', 'Fuel filter', 'Filters', 'Mahle', '24.00', 9, 4, 'A1-05', 'Gulf Auto Parts'],
  ['BRK-PAD-F10', 'Brake pads, front (ceramic)', 'Brakes', 'Brembo', '58.00', 30, 8, 'B2-01', 'Brake Masters LLC'],
  ['BRK-PAD-R11', 'Brake pads, rear', 'Brakes', 'Brembo', '46.00', 18, 6, 'B2-02', 'Brake Masters LLC'],
  ['BRK-DSC-F20', 'Brake disc, front (pair)', 'Brakes', 'ATE', '120.00', 8, 4, 'B2-03', 'Brake Masters LLC'],
  ['BRK-CAL-R30', 'Brake caliper, rear left', 'Brakes', 'TRW', '145.00', 0, 2, 'B2-04', 'Brake Masters LLC'],
  ['BRK-SEN-40', 'Brake pad wear sensor', 'Brakes', 'Bosch', '14.00', 3, 5, 'B2-05', 'Bosch Distribution'],
  ['ENG-SPK-IR6', 'Spark plug, iridium', 'Engine', 'NGK', '13.50', 96, 24, 'C1-01', 'NGK Middle East'],
  ['ENG-BLT-TMG', 'Timing belt kit', 'Engine', 'Gates', '189.00', 5, 2, 'C1-02', 'Gulf Auto Parts'],
  ['ENG-BLT-SRP', 'Serpentine belt', 'Engine', 'Gates', '38.00', 12, 4, 'C1-03', 'Gulf Auto Parts'],
  ['ENG-WP-500', 'Water pump', 'Engine', 'Aisin', '165.00', 3, 2, 'C1-04', 'Aisin Parts Co.'],
  ['ENG-GSK-VC', 'Valve cover gasket', 'Engine', 'Victor Reinz', '29.00', 0, 3, 'C1-05', 'Gulf Auto Parts'],
  ['ENG-THM-88', 'Thermostat 88 °C', 'Engine', 'Mahle', '32.00', 7, 3, 'C1-06', 'Gulf Auto Parts'],
  ['ENG-IGN-COIL', 'Ignition coil', 'Engine', 'Denso', '64.00', 2, 4, 'C1-07', 'Denso Sales'],
  ['ELE-BAT-70', 'Battery 12 V 70 Ah AGM', 'Electrical', 'Varta', '215.00', 9, 4, 'D1-01', 'PowerCell Trading'],
  ['ELE-BAT-60', 'Battery 12 V 60 Ah', 'Electrical', 'Bosch', '165.00', 1, 3, 'D1-02', 'Bosch Distribution'],
  ['ELE-ALT-140', 'Alternator 140 A (remanufactured)', 'Electrical', 'Valeo', '320.00', 2, 1, 'D1-03', 'Valeo Service'],
  ['ELE-STR-12', 'Starter motor', 'Electrical', 'Denso', '280.00', 1, 1, 'D1-04', 'Denso Sales'],
  ['ELE-BLB-H7', 'Headlight bulb H7', 'Electrical', 'Philips', '9.50', 60, 20, 'D2-01', 'Lumen Supplies'],
  ['ELE-BLB-LED', 'Interior LED bulb set', 'Electrical', 'Osram', '19.00', 0, 5, 'D2-02', 'Lumen Supplies'],
  ['ELE-FUS-KIT', 'Blade fuse assortment', 'Electrical', 'Littelfuse', '11.00', 15, 5, 'D2-03', 'Lumen Supplies'],
  ['TYR-205-55R16', 'Tyre 205/55 R16 91V', 'Tyres', 'Michelin', '118.00', 16, 8, 'T-RACK-1', 'Tyre World'],
  ['TYR-225-45R17', 'Tyre 225/45 R17 94W', 'Tyres', 'Bridgestone', '142.00', 12, 8, 'T-RACK-2', 'Tyre World'],
  ['TYR-265-65R17', 'Tyre 265/65 R17 (SUV)', 'Tyres', 'Yokohama', '175.00', 6, 8, 'T-RACK-3', 'Tyre World'],
  ['TYR-VLV-TPMS', 'TPMS valve sensor', 'Tyres', 'Schrader', '48.00', 10, 4, 'T-SHELF-1', 'Tyre World'],
  ['TYR-WGT-SET', 'Wheel balance weights (box)', 'Tyres', 'Hofmann', '6.00', 100, 20, 'T-SHELF-2', 'Tyre World'],
  ['FLD-OIL-5W30', 'Engine oil 5W-30 fully synthetic, 1 L', 'Fluids', 'Mobil 1', '11.00', 180, 60, 'E1-01', 'Lubricants Direct'],
  ['FLD-OIL-0W20', 'Engine oil 0W-20, 1 L', 'Fluids', 'Castrol', '12.50', 40, 50, 'E1-02', 'Lubricants Direct'],
  ['FLD-ATF-6', 'Automatic transmission fluid, 1 L', 'Fluids', 'Valvoline', '14.00', 24, 12, 'E1-03', 'Lubricants Direct'],
  ['FLD-BRK-DOT4', 'Brake fluid DOT 4, 1 L', 'Fluids', 'Castrol', '12.00', 40, 10, 'E1-04', 'Lubricants Direct'],
  ['FLD-CLT-G12', 'Coolant G12 ready-mix, 5 L', 'Fluids', 'Prestone', '26.00', 14, 6, 'E1-05', 'Lubricants Direct'],
  ['FLD-AC-R134', 'Refrigerant R-134a, 1 kg', 'Fluids', 'Honeywell', '38.00', 8, 4, 'E1-06', 'CoolAir Supplies'],
  ['FLD-WSH-4L', 'Screen wash, 4 L', 'Fluids', 'Prestone', '7.00', 30, 10, 'E1-07', 'Lubricants Direct'],
  ['SUS-SHK-F', 'Shock absorber, front', 'Suspension', 'Monroe', '96.00', 8, 4, 'F1-01', 'Chassis Pro'],
  ['SUS-LNK-F', 'Stabiliser link, front', 'Suspension', 'Lemförder', '28.00', 14, 6, 'F1-02', 'Chassis Pro'],
  ['SUS-ARM-L', 'Control arm, lower left', 'Suspension', 'TRW', '110.00', 0, 2, 'F1-03', 'Chassis Pro'],
  ['BOD-WPR-24', 'Wiper blade 24"', 'Body', 'Bosch', '17.00', 26, 10, 'G1-01', 'Bosch Distribution'],
];

/**
 * [service type, description, parts [SKU, quantity], labour [description, hours, rate]].
 * The seed completes only jobs of templates whose parts are well stocked (see SEED_JOB_CARD_STATUSES).
 */
export const SEED_JOB_TEMPLATES: Array<[string, string, Array<[string, number]>, Array<[string, number, string]>]> = [
  [
    'Oil change',
    'Engine oil and filter, top-ups and 30-point check.',
    [
      ['FLD-OIL-5W30', 5],
      ['FLT-OIL-T01', 1],
    ],
    [['Oil and filter service', 0.75, '65.00']],
  ],
  [
    'Brake service',
    'Front pads worn to 2 mm; replace pads, check discs, bleed fluid.',
    [
      ['BRK-PAD-F10', 1],
      ['FLD-BRK-DOT4', 1],
    ],
    [
      ['Replace front brake pads', 1.5, '80.00'],
      ['Bleed brake fluid', 0.5, '80.00'],
    ],
  ],
  ['Tire rotation', 'Rotate and balance four wheels; check tread depth.', [['TYR-WGT-SET', 1]], [['Rotate and balance', 0.75, '60.00']]],
  [
    'Battery replacement',
    'Slow cranking in the morning; battery failed the load test.',
    [['ELE-BAT-70', 1]],
    [['Battery test and replacement', 0.5, '70.00']],
  ],
  [
    'General inspection',
    'Annual inspection before registration renewal.',
    [
      ['BOD-WPR-24', 2],
      ['FLD-WSH-4L', 1],
    ],
    [['Multi-point inspection', 1, '70.00']],
  ],
  [
    'AC repair',
    'AC blows warm air; leak test, regas, new cabin filter.',
    [
      ['FLD-AC-R134', 1],
      ['FLT-CAB-200', 1],
    ],
    [['Leak test and regas', 1.5, '85.00']],
  ],
  [
    'Engine tune-up',
    'Rough idle at 60,000 km; plugs and air filter due.',
    [
      ['ENG-SPK-IR6', 4],
      ['FLT-AIR-100', 1],
    ],
    [['Replace spark plugs and air filter', 1.25, '85.00']],
  ],
  [
    'Timing belt replacement',
    'Due at 100,000 km; replace belt kit and water pump together.',
    [
      ['ENG-BLT-TMG', 1],
      ['ENG-WP-500', 1],
    ],
    [['Replace timing belt and water pump', 4, '90.00']],
  ],
  ['Suspension repair', 'Knocking over bumps from the front axle.', [['SUS-LNK-F', 2]], [['Replace front stabiliser links', 1, '85.00']]],
  [
    'Engine diagnostic',
    'Check engine light on; code P0301 (cylinder 1 misfire).',
    [['ENG-IGN-COIL', 1]],
    [
      ['Diagnose misfire and road test', 1, '95.00'],
      ['Replace ignition coil', 0.5, '95.00'],
    ],
  ],
  [
    'Tyre replacement',
    'Two front tyres below 2 mm tread; fit, balance and align.',
    [['TYR-205-55R16', 2]],
    [
      ['Fit and balance two tyres', 0.75, '60.00'],
      ['Four-wheel alignment', 1, '75.00'],
    ],
  ],
  [
    'Brake caliper replacement',
    'Rear left caliper seized; waiting for the part.',
    [
      ['BRK-CAL-R30', 1],
      ['FLD-BRK-DOT4', 1],
    ],
    [['Replace rear left caliper', 1.5, '80.00']],
  ],
];

/** Statuses in a cycle of ten; with 12 templates, job i uses template i % 12, so templates 7, 9 and 11 are never completed. */
export const SEED_JOB_CARD_STATUSES = [
  'pending',
  'in_progress',
  'completed',
  'pending',
  'in_progress',
  'completed',
  'cancelled',
  'in_progress',
  'completed',
  'pending',
] as const;

const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A full 17-character VIN: WMI and descriptor, check digit, model year (2010 cycle), plant and serial. */
export function seedVin(start: string, year: number, plant: string, serial: number): string {
  const draft = `${start}0${VIN_YEARS[(year - 1980) % 30]}${plant}${String(serial % 1_000_000).padStart(6, '0')}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}
