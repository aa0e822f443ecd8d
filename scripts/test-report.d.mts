export interface RunCount {
  passed: number;
  failed: number;
  skipped: number;
  failures: Array<{ name: string; reason: string }>;
  skippedTests: string[];
}

export declare function firstLines(text: unknown): string;
export declare function countVitest(report: unknown, root: string): RunCount;
export declare function countPlaywright(report: unknown): RunCount;
