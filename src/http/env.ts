import type { Services } from "../services.js";

export type AppEnv = {
  Variables: {
    requestId: string;
    principal: string;
    services: Services;
  };
};
