import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Contexts of Nest's listing of every controller and route at start-up (a line each, over a hundred). */
const ROUTE_LISTING_CONTEXTS = new Set(['RoutesResolver', 'RouterExplorer']);

/**
 * The logger Nest itself logs through (`app.useLogger`): pino, with the start-up route listing moved from info to
 * debug, where it does not bury the lines an operator reads at every start.
 */
@Injectable()
export class AppLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    if (ROUTE_LISTING_CONTEXTS.has(optionalParams.at(-1) as string)) this.debug(message, ...optionalParams);
    else super.log(message, ...optionalParams);
  }
}
