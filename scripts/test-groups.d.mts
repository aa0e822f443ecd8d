export interface ServiceGroup {
  name: string;
  variable: string;
  files: string[];
}

export declare const SERVICE_GROUPS: ServiceGroup[];
export declare function serviceGroups(env: Record<string, string | undefined>): Array<ServiceGroup & { runs: boolean }>;
export declare function excludedFiles(env: Record<string, string | undefined>): string[];
