import {
  type FieldError,
  type FilterGroup,
  filterValueProblem,
  isCompleteRow,
  type ParsedOverviewRequest,
} from '@crossarm/shared';
import { badRequest } from '../../http/errors.ts';
import type { Catalogue } from './catalogue.ts';

// The check of a request's columns, filter rows, sorts and summaries against the caller's columns.

const UNKNOWN_COLUMN = 'No such column among the ones you may use';

/** Every problem with the request's columns, operators and values, each named by its path in the body. */
export function requestProblems(catalogue: Catalogue, body: ParsedOverviewRequest): FieldError[] {
  const problems: FieldError[] = [];
  const problem = (field: string, message: string) => {
    problems.push({ field: `body.${field}`, message });
  };
  body.columnOptions.forEach((dataId, index) => {
    if (!catalogue.has(dataId)) problem(`columnOptions.${index}`, UNKNOWN_COLUMN);
  });
  const walk = (group: FilterGroup, path: string) => {
    group.rows.forEach((row, index) => {
      if (!isCompleteRow(row)) return;
      const at = `${path}.rows.${index}`;
      const column = catalogue.get(row.dataId)?.column;
      if (!column) {
        problem(`${at}.dataId`, UNKNOWN_COLUMN);
      } else if (!column.operators.includes(row.operator)) {
        problem(
          `${at}.operator`,
          column.operators.length === 0
            ? `${column.name} cannot be filtered`
            : `${row.operator} does not apply to ${column.name}; use ${column.operators.join(', ')}`,
        );
      } else {
        const valueProblem = filterValueProblem(column, row.value);
        if (valueProblem) problem(`${at}.value`, valueProblem);
      }
    });
    group.groups.forEach((child, index) => {
      walk(child, `${path}.groups.${index}`);
    });
  };
  if (body.filterOptions) walk(body.filterOptions, 'filterOptions');
  body.sortOptions.forEach((sort, index) => {
    if (!sort.dataId) return;
    const column = catalogue.get(sort.dataId)?.column;
    if (!column) problem(`sortOptions.${index}.dataId`, UNKNOWN_COLUMN);
    else if (!column.sortable) problem(`sortOptions.${index}.dataId`, `${column.name} cannot be sorted`);
  });
  body.summaryRowOptions.forEach((option, index) => {
    const column = catalogue.get(option.dataId)?.column;
    if (!column) problem(`summaryRowOptions.${index}.dataId`, UNKNOWN_COLUMN);
    else if (!column.metrics.includes(option.metric)) {
      problem(
        `summaryRowOptions.${index}.metric`,
        column.metrics.length === 0
          ? `${column.name} has no summary`
          : `${option.metric} does not apply to ${column.name}; use ${column.metrics.join(', ')}`,
      );
    }
  });
  return problems;
}

export function assertRequestFits(catalogue: Catalogue, body: ParsedOverviewRequest) {
  const problems = requestProblems(catalogue, body);
  if (problems.length > 0) {
    throw badRequest(
      'The request names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
}
