/** Plain reads the routes serve as the repository answers them (the notifier writes the messages: notifications.notifier.ts). */
export { listMessages } from './customer-messages.repository.ts';
