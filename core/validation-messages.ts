/**
 * Every validation message the contracts state, each under a stable code of its own. The
 * contracts keep their English texts (the spec's messages, which the server sends as `message`);
 * this is the one place that names them: the server's error handler puts the code and its
 * parameters on each issue, and the web shows the dictionary's text for the code
 * (`common:validation.<key>` for the code `validation.<key>`), in the user's language.
 * No zod here: the web imports it without the library.
 * `validation-messages.test.ts` walks every contract schema and fails on a message without a
 * code here or without Arabic text.
 */

/** Fixed texts: key -> the contract's English message. */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid input',
  email: 'Invalid email address',
  usernameChars: 'Username may contain letters, digits, dot, dash and underscore',
  workshopName: 'Workshop name is required',
  timeZone: 'Unknown time zone',
  currency: 'Currency must be a 3-letter ISO code',
  taxRateFormat: 'Tax rate must be a number with at most two decimals',
  taxRateRange: 'Tax rate must be between 0 and 100',
  labourRateNumber: 'Labour rate must be a number',
  labourRateMin: 'Labour rate must be 0 or greater',
  labourRateDecimals: 'Labour rate must have at most two decimals',
  labourRateMax: 'Labour rate must be at most 99,999,999.99',
  auditRetentionWhole: 'Retention must be a whole number of days',
  auditRetentionMin: 'Keep audit entries at least 30 days',
  auditRetentionMax: 'Keep audit entries at most 3,650 days',
  legalRetentionWhole: 'Retention must be a whole number of years',
  legalRetentionMin: 'Keep invoices at least 1 year',
  legalRetentionMax: 'Keep invoices at most 30 years',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone is required',
  titleRequired: 'Title is required',
  skillsRequired: 'Please select at least one skill',
  skillNameRequired: 'Skill name is required',
  hoursMin: 'Hours must be 0 or more',
  hoursMax: 'Hours must be at most 1000',
  date: 'Invalid date',
  time: 'Must be in HH:MM format',
  technicianRequired: 'Please select a technician',
  techniciansRequired: 'Please select technicians first',
  channelRequired: 'Choose at least one channel',
  unstorable: 'Contains a character that cannot be stored',
  passwordCommon: 'This password is too common or too easy to guess; choose another',
  passwordIsUsername: 'The password must not be your username',
  estimateNumber: 'Estimate number must be in format EST-XXXXXX',
  invoiceNumber: 'Invoice number must be in format INV-XXXXXX',
  invalidPayment: 'Invalid Payment: Please enter a valid amount and payment method',
  customerRequired: 'Customer is required',
  vehicleRequired: 'Vehicle is required',
  descriptionRequired: 'Description is required',
  laborCostMin: 'Labor cost must be at least 0',
  partsCostMin: 'Parts cost must be at least 0',
  taxAmountMin: 'Tax amount must be at least 0',
  totalAmountMin: 'Total amount must be at least 0',
  paidAmountMin: 'Paid amount must be at least 0',
  unitPriceMin: 'Unit price must be at least 0',
  unitPriceRequired: 'Unit price is required',
  quantityNumber: 'Quantity must be a number',
  quantityMin: 'Quantity must be greater than 0',
  quantityMax: 'Quantity must be at most 100,000',
  linesMax: 'At most 200 lines',
  number: 'Must be a number',
  moneyMax: 'Must be at most 99,999,999.99',
  statusDerived: 'Paid, partially paid and overdue follow from the payments and the due date',
  jobNumber: 'Job number must be in format JC-XXXXXX',
  serviceTypeRequired: 'Service type is required',
  partRequired: 'Part is required',
  quantityWhole: 'Quantity must be a whole number',
  jobCardsQuantityMin: 'Quantity must be at least 1',
  jobCardsUnitPriceMin: 'Unit price must be 0 or greater',
  jobCardsHoursMin: 'Hours must be greater than 0',
  rateMin: 'Rate must be 0 or greater',
  estimatedCostMin: 'Estimated cost must be 0 or greater',
  actualCostMin: 'Actual cost must be 0 or greater',
  nameRequired: 'Name is required',
  skuRequired: 'SKU is required',
  stockMin: 'Stock quantity must be 0 or greater',
  minimumMin: 'Minimum stock must be 0 or greater',
  inventoryUnitPriceMin: 'Unit price must be greater than 0',
  unitCostMin: 'Unit cost must be 0 or greater',
  quantityMin0: 'Quantity must be 0 or greater',
  whole: 'Must be a whole number',
  stockMax: 'Must be at most 10,000,000',
  dateRequired: 'Scheduled date is required',
  dateFuture: 'Scheduled date must be in the future',
  timeFormat: 'Time must be in HH:MM format',
  durationMin: 'Duration must be at least 15 minutes',
  customerNameRequired: 'Customer name is required',
  appointmentsDateRequired: 'Date is required',
  fleetNumberRequired: 'Fleet number is required',
  fuelMin: 'Fuel level must be at least 0',
  fuelMax: 'Fuel level cannot exceed 100',
  mileagePositive: 'Next service mileage must be positive',
  endAfterStart: 'End time must be after start time',
  shiftRequired: 'Shift is required',
  employeeRequired: 'Employee is required',
  serviceNameRequired: 'Service name is required',
  intervalRequired: 'Give a mileage interval, a month interval or both',
  maintenanceMileagePositive: 'Mileage interval must be positive',
  monthsPositive: 'Month interval must be positive',
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  plateRequired: 'Plate number is required',
  mileageMin: 'Mileage must be 0 or greater',
  vinLetters: 'VIN must not contain I, O or Q',
  vinCheckDigit: 'VIN check digit does not match',
  vinCharacters: 'VIN may contain only letters and digits',
  vinLength: 'VIN must be 17 characters',
  customerContactRequired: 'Customer phone or e-mail is required',
  noCustomerPhone: 'No customer has this phone',
  noCustomerEmail: 'No customer has this e-mail',
  manyCustomersPhone: 'More than one customer has this phone: add customerEmail',
  manyCustomersEmail: 'More than one customer has this e-mail',
  vinExists: 'A vehicle with this VIN already exists',
  appointmentNumber: 'Appointment number must be in format APT-XXXXXX',
  partLineOnly: 'Only part lines reference a spare part',
  noteRequired: 'Note is required',
  importNoRows: 'The file has no rows',
  vehicleDetailsRequired: 'Vehicle details are required',
  jobDescriptionRequired: 'Job description is required',
  mileageRequired: 'Mileage is required',
  mileageWhole: 'Mileage must be a whole number',
  vehicleMakeRequired: 'Vehicle make is required',
  vehicleModelRequired: 'Vehicle model is required',
  jobCardOrEstimate: 'Choose a job card or an estimate',
  partsRequired: 'Choose at least one part',
  jobCardOrNew: 'Choose an existing job card or a new one',
  schedulingDataRequired: 'Scheduling data is required',
  planKindsRequired: 'Choose what to plan',
  messageRequired: 'Message is required',
  analyticsFromRequired: 'Start date is required',
  analyticsToRequired: 'End date is required',
  analyticsRangeOrder: 'The end date must be on or after the start date',
  analyticsRangeMax: 'A report covers at most 5 years',
  analyticsDaysMax: 'Day by day covers at most 366 days',
  unknownSetting: 'Unknown setting',
  settingRequired: 'Choose at least one setting',
  notificationStatus: 'Status must be all or unread',
  notificationKind: 'Kind must be one of tasks, job_cards, schedule, stock, maintenance, billing',
  totpCode: 'Enter the 6-digit code from your authenticator app',
  twoFactorCode: 'Enter the 6-digit code or a backup code',
} as const;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES | (typeof PATTERNS)[number][0];
export type ValidationIssue = { code: string; params?: Record<string, string> };

/** Texts with values in them: key, pattern, and the names of the captured values. */
const PATTERNS = [
  ['passwordMin', /^Password must be at least (\d+) characters$/, ['min']],
  ['maxLength', /^Password must be at most (\d+) characters$/, ['max']],
  ['usernameMin', /^Username must be at least (\d+) characters$/, ['min']],
  ['maxLength', /^Username must be at most (\d+) characters$/, ['max']],
  ['maxLength', /^Must be at most (\d+) characters$/, ['max']],
  ['maxLength', /^Too big: expected string to have <=\s?(\d+) characters$/, ['max']],
  ['required', /^Too small: expected string to have >=\s?1 characters$/, []],
  ['minLength', /^Too small: expected string to have >=\s?(\d+) characters$/, ['min']],
  ['numberMax', /^Must be at most (-?[\d,.]+)$/, ['max']],
  ['numberMin', /^Must be at least (-?[\d,.]+)$/, ['min']],
  ['dateRange', /^Date must be between (\S+) and (\S+)$/, ['min', 'max']],
  ['yearRange', /^Year must be between (\d+) and (\d+)$/, ['min', 'max']],
  ['vinTwice', /^The same VIN is on row (\d+)$/, ['row']],
  ['importRowsMax', /^At most (\d+) rows per file$/, ['max']],
  ['oneOf', /^Must be one of (.+)$/, ['values']],
] as const;

const BY_TEXT = new Map<string, string>(Object.entries(VALIDATION_MESSAGES).map(([key, text]) => [text, key]));

/** The code (`validation.<key>`) and parameters of a contract's message, or undefined when it is not ours. */
export function validationIssue(message: string | undefined): ValidationIssue | undefined {
  if (!message) return undefined;
  const key = BY_TEXT.get(message);
  if (key) return { code: `validation.${key}` };
  for (const [patternKey, pattern, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = match[i + 1]!));
    return names.length > 0 ? { code: `validation.${patternKey}`, params } : { code: `validation.${patternKey}` };
  }
  return undefined;
}
