// What other features may use of reports: the recount after reporters or books change.
export { recountReports } from './report-counting.ts';
