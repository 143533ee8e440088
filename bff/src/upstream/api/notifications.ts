import { SharedNotificationsGateway } from '../notifications.gateway';

/** Notifications in front of our api: it pages them and refuses another member's read (403, said as 404). */
export class ApiNotificationsGateway extends SharedNotificationsGateway {}
