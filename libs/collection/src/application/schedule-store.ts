/** STUB: replaced by its owner. */
export abstract class ScheduleStore {}
