import { availableParallelism, cpus, loadavg } from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
  /** 1-minute load average when the run started and when it ended: other work on the cores shows in the figures. */
  loadAtStart: number;
  loadAtEnd: number;
}

const oneMinuteLoad = () => loadavg()[0] ?? 0;

/** Read once when the run starts. */
export const loadAtStart = oneMinuteLoad();

export function describeMachine(): Machine {
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    loadAtStart,
    loadAtEnd: oneMinuteLoad(),
  };
}
