import type {
  MyMentionsPage,
  MyMentionsRequest,
  MyTasksPage,
  MyTasksRequest,
  Option,
} from '@crossarm/shared';
import { apiRequest } from '../../lib/api/api-client';

/** One page of a My Work list (pages count from 1). */
export interface MyWorkPaging {
  page: number;
  pageSize: number;
}

/** POST joint-use/my-work/tasks: the open tasks assigned to the caller, filtered and sorted, one page. */
export function fetchMyTasks(request: MyTasksRequest, paging: MyWorkPaging, signal?: AbortSignal) {
  return apiRequest<MyTasksPage>('joint-use/my-work/tasks', {
    method: 'POST',
    body: request,
    query: { page: paging.page, pageSize: paging.pageSize },
    signal,
  });
}

/** POST joint-use/my-work/mentions: the comments that mention the caller, newest first, one page. */
export function fetchMyMentions(request: MyMentionsRequest, paging: MyWorkPaging, signal?: AbortSignal) {
  return apiRequest<MyMentionsPage>('joint-use/my-work/mentions', {
    method: 'POST',
    body: request,
    query: { page: paging.page, pageSize: paging.pageSize },
    signal,
  });
}

/** GET joint-use/options/projects: the caller organization's projects, for the project filter. */
export function fetchMyWorkProjects(signal?: AbortSignal) {
  return apiRequest<Option[]>('joint-use/options/projects', { signal });
}
