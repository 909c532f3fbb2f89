import { availableParallelism, cpus } from 'node:os';

export interface Machine {
  cpus: number;
  cpuModel: string;
  node: string;
}

export function describeMachine(): Machine {
  return { cpus: availableParallelism(), cpuModel: cpus()[0]?.model.trim() ?? 'unknown', node: process.version };
}
