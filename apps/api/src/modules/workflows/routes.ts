import type { FastifyInstance } from 'fastify';
import { workflowGroupRoutes } from './group-routes.ts';
import { workflowOptionRoutes } from './option-routes.ts';
import { timerPresetRoutes } from './preset-routes.ts';
import { workflowTemplateRoutes } from './template-routes.ts';

/** Workflow templates of projects: groups, versions, timer presets, and what joint use screens read from them. */
export async function workflowRoutes(app: FastifyInstance) {
  await app.register(workflowGroupRoutes);
  await app.register(workflowTemplateRoutes);
  await app.register(timerPresetRoutes);
  await app.register(workflowOptionRoutes);
}
