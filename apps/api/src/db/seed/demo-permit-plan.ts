import type { PermitStatus, TemplateTask, WorkflowDefinition } from '@crossarm/shared';
import { sanitizeCommentHtml } from '../../modules/permits/comments-html.ts';
import type { ProgressChange } from '../../modules/permits/engine.ts';
import { demoPdf, demoPng, demoPoleCsv } from './demo-permit-files.ts';
import { newId, PermitStory, type StoryPermit } from './demo-permit-story.ts';
import { weighted } from './generate-town-poles.ts';

// What happens to each demo permit: who applies, when, how far it gets and what people say and attach on
// the way. Every choice comes from one seeded generator, so each run tells the same stories; times are
// counted back from the moment the seed runs.

export interface Person {
  id: string;
  name: string;
}

export interface PlanContext {
  now: Date;
  projectId: string;
  projectCode: string;
  template: { id: string; version: number; definition: WorkflowDefinition };
  /** Property library entry ids by name. */
  property: (name: string) => string;
  owner: { organizationId: string; manager: Person; coordinator: Person };
  attachers: Record<
    'fiber' | 'cable',
    { organizationId: string; admin: Person; member: Person; code: string }
  >;
  streets: { name: string; poles: string[] }[];
}

/** An application the story starts from. */
export interface Application {
  applicant: 'fiber' | 'cable';
  street: string;
  location: string;
  poles: string[];
  attachmentType: string;
  jobNumber: string;
  ageDays: number;
  outcome: PermitStatus;
  /** How many of the workflow's tasks get done. */
  tasksDone: number;
}

/** A file the story attaches; its bytes are made when the seed writes it. */
export interface PlannedFile {
  id: string;
  kind: 'design' | 'poles' | 'photo' | 'report';
  name: string;
  permitId: string;
  uploadedBy: string;
  organizationId: string;
  at: Date;
  /** Where it is attached: the permit's files, a comment, or a report. */
  place: { permit: true } | { commentId: string; position: number } | { reportId: string };
  bytes: Buffer;
}

export interface PlannedComment {
  id: string;
  permitId: string;
  projectId: string;
  authorId: string;
  organizationId: string;
  html: string;
  mentions: string[];
  at: Date;
}

export interface PlannedReport {
  id: string;
  permitId: string;
  projectId: string;
  fileId: string | null;
  designId: string | null;
  designUrl: string | null;
  createdBy: string;
  organizationId: string;
  at: Date;
}

export interface PlannedPermit {
  story: PermitStory;
  application: Application;
  organizationId: string;
  createdBy: string;
  values: { propertyEntryId: string; taskKey: string | null; value: unknown; by: string; at: Date }[];
  assignments: { taskKey: string; userId: string; by: string; at: Date }[];
  cancelRequests: {
    reason: string | null;
    requestedBy: string;
    requestedAt: Date;
    status: 'Pending' | 'Approved' | 'Rejected';
    decidedBy: string | null;
    decidedAt: Date | null;
    decisionReason: string | null;
  }[];
  comments: PlannedComment[];
  files: PlannedFile[];
  reports: PlannedReport[];
  closedAt: Date | null;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

const HOLD_REASONS = [
  'Waiting for the attacher’s revised pole loading analysis',
  'Road reconstruction on the route until the city reopens the street',
  'Make-ready crews reassigned to storm restoration',
  'Easement question on two poles under review by the cooperative’s counsel',
  'Awaiting payment of the make-ready estimate',
];
const RELEASE_REASONS = ['Revised documents received', 'Crews available again', 'Question resolved'];
const CANCEL_REASONS = [
  'Route changed to underground construction',
  'The customer withdrew the service order',
  'Duplicate of another application on the same poles',
  'Project deferred to next construction season',
];
const REJECT_REASONS = [
  'Make-ready is already scheduled; we will finish it first',
  'Please confirm with your project manager',
];

const OWNER_COMMENTS: Record<string, string[]> = {
  'Application Review': [
    '<p>Application received. We will check completeness this week.</p>',
    '<p>The pole list and the drawings do not match on the last span; please confirm.</p>',
  ],
  'Field Survey': [
    '<p>Survey crew is scheduled for <strong>next Tuesday</strong>.</p>',
    '<p>Two poles on this route are <em>class 5</em> and may need replacement.</p>',
  ],
  'Estimate & Payment': ['<p>The make-ready estimate is attached to the permit reports.</p>'],
  'Make-Ready Construction': ['<p>Transfers by the existing telephone attacher are under way.</p>'],
  Attachment: ['<p>Make-ready is complete. You may start your attachment.</p>'],
  'Post-Construction Inspection': ['<p>Inspection booked; we will post the findings here.</p>'],
};
const ATTACHER_COMMENTS = [
  '<p>Thanks. Our field engineer is available for a joint ride-out if useful.</p>',
  '<p>Updated drawings uploaded; see the latest design link.</p>',
  '<p>Could you share an estimate date? Our customer is asking.</p>',
  '<p>Confirmed: we will use the <strong>standard 12 in</strong> separation.</p>',
];

const TASK_DAYS: Record<string, number> = {
  'Completeness Review': 5,
  'Pole Survey': 22,
  'Grant or Deny': 4,
  'Make-Ready Estimate': 10,
  'Estimate Acceptance': 6,
  'Existing Attacher Transfers': 20,
  'Install Attachment': 14,
  Inspection: 9,
};

type Random = () => number;
const pick = <T>(random: Random, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Tells one permit's story from its application to where it stands now. */
export function planPermit(
  context: PlanContext,
  random: Random,
  permit: StoryPermit,
  application: Application,
): PlannedPermit {
  const { now, owner } = context;
  const side = context.attachers[application.applicant];
  const applicantPeople = [side.admin, side.member];
  const ownerPeople = [owner.manager, owner.coordinator];
  const createdBy = random() < 0.8 ? side.admin : side.member;
  const createdAt = new Date(now.getTime() - application.ageDays * DAY);
  const story = new PermitStory(permit, createdAt, createdBy.id);
  const plan: PlannedPermit = {
    story,
    application,
    organizationId: side.organizationId,
    createdBy: createdBy.id,
    values: [],
    assignments: [],
    cancelRequests: [],
    comments: [],
    files: [],
    reports: [],
    closedAt: null,
  };
  const tasks = permit.definition.stages.flatMap((stage) => stage.tasks);
  const isOwnerTask = (task: TemplateTask) =>
    task.defaultAssignees.some((a) => 'role' in a && a.role === 'PoleOwner');
  const worker = (task: TemplateTask) =>
    isOwnerTask(task) ? pick(random, ownerPeople) : pick(random, applicantPeople);

  // When things happen: the work done takes a share of the permit's age, the rest is the wait since.
  const age = now.getTime() - createdAt.getTime();
  const closing = application.outcome === 'Completed' || application.outcome === 'Cancelled';
  const busy = age * (closing ? 0.55 + random() * 0.35 : 0.35 + random() * 0.55);
  const weights = tasks
    .slice(0, application.tasksDone)
    .map((task) => (TASK_DAYS[task.name] ?? 7) * (0.5 + random()));
  const total = weights.reduce((sum, w) => sum + w, 0) || 1;
  const lastDone = createdAt.getTime() + (application.tasksDone > 0 ? busy : 0);
  const wait = now.getTime() - lastDone;
  const endOfStory = (share: number) => new Date(lastDone + wait * share);
  plan.closedAt =
    application.outcome === 'Completed'
      ? endOfStory(0.3)
      : application.outcome === 'Cancelled'
        ? endOfStory(0.6)
        : null;
  const open = (at: Date) => at < now && (!plan.closedAt || at < plan.closedAt);

  addApplicationValues(context, random, plan, createdAt, createdBy.id);
  const design = addFile(plan, {
    kind: 'design',
    name: `${application.jobNumber}-design.pdf`,
    by: createdBy.id,
    organizationId: side.organizationId,
    at: new Date(createdAt.getTime() + 1000),
    lines: [`Job ${application.jobNumber}`, application.location, `${application.poles.length} poles`],
  });
  // The required drawings, uploaded with the application: the form's File value names the file.
  plan.values.push({
    propertyEntryId: context.property('Design Documents'),
    taskKey: null,
    value: [
      { fileId: design.id, fileName: design.name, size: design.bytes.length, contentType: 'application/pdf' },
    ],
    by: createdBy.id,
    at: createdAt,
  });
  if (random() < 0.3) {
    addFile(plan, {
      kind: 'poles',
      name: `${application.jobNumber}-poles.csv`,
      by: createdBy.id,
      organizationId: side.organizationId,
      at: new Date(createdAt.getTime() + 2000),
      lines: application.poles,
    });
  }

  const assign = (at: Date, ready: ProgressChange[]) => {
    for (const change of ready) {
      const task = tasks.find((t) => t.key === change.taskKey);
      const when = new Date(at.getTime() + 2 * HOUR);
      if (!task || random() > 0.75 || !open(when)) continue;
      const person = worker(task);
      const by = isOwnerTask(task) ? owner.manager.id : side.admin.id;
      plan.assignments.push({ taskKey: task.key, userId: person.id, by, at: when });
      story.log(when, by, 'TaskAssigned', `${person.name} was assigned to ${task.name}`, null, {
        userId: person.id,
      });
    }
  };
  assign(createdAt, story.progress.tasks.filter((t) => t.status === 'ReadyToBegin').map(readyChange));

  // The tasks done, in order, each started (its values saved) and completed at its moment.
  let clock = createdAt.getTime();
  tasks.slice(0, application.tasksDone).forEach((task, index) => {
    const span = (busy * weights[index]!) / total;
    const startAt = new Date(clock + span * 0.4);
    clock += span;
    const doneAt = new Date(clock);
    const values = taskValues(context, random, task, startAt);
    if (values.length > 0 || random() < 0.3) startWith(context, plan, task, startAt, worker(task).id, values);
    const changes = story.completeTask(doneAt, worker(task).id, task.key);
    assign(
      doneAt,
      changes.filter((c) => c.kind === 'TaskReadyToBegin'),
    );
    if (task.name === 'Pole Survey' && random() < 0.4) {
      addFile(plan, {
        kind: 'photo',
        name: `survey-${application.poles[0]}.png`,
        by: owner.coordinator.id,
        organizationId: owner.organizationId,
        at: new Date(doneAt.getTime() + HOUR),
        lines: [],
      });
    }
    if (task.name === 'Make-Ready Estimate' && random() < 0.5) {
      addReport(context, plan, {
        file: random() < 0.35,
        by: owner.manager.id,
        organizationId: owner.organizationId,
        at: new Date(doneAt.getTime() + HOUR),
      });
    }
  });
  if (random() < 0.35 && open(new Date(createdAt.getTime() + DAY))) {
    addReport(context, plan, {
      file: false,
      by: createdBy.id,
      organizationId: side.organizationId,
      at: new Date(createdAt.getTime() + DAY),
    });
  }

  tellTheEnd(context, random, plan, { endOfStory, worker });
  addComments(context, random, plan, { open, ownerPeople, applicantPeople });
  return plan;
}

const readyChange = (task: { stageKey: string; taskKey: string; name: string }): ProgressChange => ({
  kind: 'TaskReadyToBegin',
  stageKey: task.stageKey,
  taskKey: task.taskKey,
  name: task.name,
  from: 'NotStarted',
  to: 'ReadyToBegin',
});

function startWith(
  context: PlanContext,
  plan: PlannedPermit,
  task: TemplateTask,
  at: Date,
  by: string,
  values: { name: string; value: unknown }[],
) {
  const named = values.map((v) => ({ ...v, id: context.property(v.name) }));
  for (const value of named) {
    plan.values.push({ propertyEntryId: value.id, taskKey: task.key, value: value.value, by, at });
  }
  plan.story.startTask(at, by, task.key, named);
}

/** The values someone fills in on a task: every required one, optional notes now and then. */
function taskValues(context: PlanContext, random: Random, task: TemplateTask, at: Date) {
  switch (task.name) {
    case 'Completeness Review':
      return random() < 0.5
        ? [{ name: 'Notes', value: 'Pole list, drawings and loading analysis received.' }]
        : [];
    case 'Pole Survey':
      return [
        { name: 'Survey Date', value: isoDay(new Date(at.getTime() - Math.floor(1 + random() * 4) * DAY)) },
        { name: 'Make-Ready Required', value: random() < 0.6 ? 'yes' : 'no' },
      ];
    case 'Make-Ready Estimate':
      return [{ name: 'Fee per Pole', value: pick(random, [185, 212.5, 240, 267.75, 310]) }];
    case 'Install Attachment':
      return [{ name: 'Attachment Height', value: Math.round((17.5 + random() * 6) * 10) / 10 }];
    case 'Inspection':
      return random() < 0.6
        ? [
            {
              name: 'Inspection Notes',
              value: pick(random, [
                'All attachments within clearance.',
                'One guy missing a guard; attacher fixed it on site.',
              ]),
            },
          ]
        : [];
    default:
      void context;
      return [];
  }
}

/** The application form as the applicant filled it in, with the computed fee. */
function addApplicationValues(
  context: PlanContext,
  random: Random,
  plan: PlannedPermit,
  at: Date,
  by: string,
) {
  const { application } = plan;
  const side = context.attachers[application.applicant];
  const fee = random() < 0.6 ? pick(random, [12.5, 15, 17.25]) : null;
  const contact = random() < 0.5 ? side.member : side.admin;
  const values: [string, unknown][] = [
    ['Attacher Job Number', application.jobNumber],
    ['Attachment Type', application.attachmentType],
    ['Pole Count', application.poles.length],
    ['Contact Email', `${contact.name.toLowerCase().replace(' ', '.')}@${side.code}`],
    ['Contact Phone', `(507) 645-${String(1000 + Math.floor(random() * 9000))}`],
    ['Overlashing', random() < 0.25],
    ['Field Contact', contact.id],
  ];
  if (fee !== null) {
    values.push(
      ['Fee per Pole', fee],
      ['Application Fee', Math.round(application.poles.length * fee * 100) / 100],
    );
  }
  if (random() < 0.4) values.push(['Notes', 'Aerial construction only; no new anchors expected.']);
  for (const [name, value] of values) {
    plan.values.push({ propertyEntryId: context.property(name), taskKey: null, value, by, at });
  }
}

function addFile(
  plan: PlannedPermit,
  file: Omit<PlannedFile, 'id' | 'permitId' | 'place' | 'uploadedBy' | 'bytes'> & {
    by: string;
    place?: PlannedFile['place'];
    lines: string[];
  },
) {
  const street = plan.application.street;
  const bytes =
    file.kind === 'photo'
      ? demoPng()
      : file.kind === 'poles'
        ? demoPoleCsv(file.lines, street)
        : demoPdf(file.name, file.lines);
  const planned: PlannedFile = {
    id: newId(),
    kind: file.kind,
    name: file.name,
    permitId: plan.story.permit.id,
    uploadedBy: file.by,
    organizationId: file.organizationId,
    at: file.at,
    place: file.place ?? { permit: true },
    bytes,
  };
  plan.files.push(planned);
  if ('permit' in planned.place) {
    plan.story.log(file.at, file.by, 'FileUploaded', `Uploaded the file ${file.name}`, null, {
      fileId: planned.id,
      name: file.name,
      size: bytes.length,
    });
  }
  return planned;
}

function addReport(
  context: PlanContext,
  plan: PlannedPermit,
  report: { file: boolean; by: string; organizationId: string; at: Date },
) {
  const id = newId();
  const number = plan.story.permit.permitNumber;
  const side = context.attachers[plan.application.applicant];
  let fileId: string | null = null;
  let designId: string | null = null;
  if (report.file) {
    fileId = addFile(plan, {
      kind: 'report',
      name: `${number}-make-ready-estimate.pdf`,
      by: report.by,
      organizationId: report.organizationId,
      at: report.at,
      place: { reportId: id },
      lines: [`Make-ready estimate for ${number}`, plan.application.location],
    }).id;
  } else {
    designId = `${plan.application.jobNumber}-D${plan.reports.length + 1}`;
  }
  const designUrl = designId ? `https://designs.${side.code}.com/designs/${designId}` : null;
  plan.reports.push({
    id,
    permitId: plan.story.permit.id,
    projectId: context.projectId,
    fileId,
    designId,
    designUrl,
    createdBy: report.by,
    organizationId: report.organizationId,
    at: report.at,
  });
  plan.story.log(
    report.at,
    report.by,
    'FileUploaded',
    `Added the report ${fileId ? `${number}-make-ready-estimate.pdf` : `design ${designId}`}`,
    null,
    {
      reportId: id,
      fileId,
      designId,
    },
  );
}

/** Where the permit ends up: still being worked, on hold, waiting on a cancellation, cancelled or completed. */
function tellTheEnd(
  context: PlanContext,
  random: Random,
  plan: PlannedPermit,
  time: { endOfStory: (share: number) => Date; worker: (task: TemplateTask) => Person },
) {
  const { story, application } = plan;
  const manager = context.owner.manager.id;
  const requester = context.attachers[application.applicant].admin.id;
  const current = story.currentTask();
  const task =
    current && story.permit.definition.stages.flatMap((s) => s.tasks).find((t) => t.key === current.taskKey);
  if (task && current?.status === 'ReadyToBegin' && application.outcome !== 'Completed' && random() < 0.45) {
    const at = time.endOfStory(0.15);
    const values = taskValues(context, random, task, at);
    if (values.length > 0) startWith(context, plan, task, at, time.worker(task).id, values.slice(0, 1));
  }
  const request = (at: Date, reason: string) => {
    story.requestCancel(at, requester, reason);
    const entry = {
      reason,
      requestedBy: requester,
      requestedAt: at,
      status: 'Pending' as const,
      decidedBy: null,
      decidedAt: null,
      decisionReason: null,
    };
    plan.cancelRequests.push(entry);
    return entry;
  };
  if (application.outcome === 'Active' && random() < 0.12) {
    story.putOnHold(time.endOfStory(0.2), manager, pick(random, HOLD_REASONS));
    story.takeOffHold(time.endOfStory(0.5), manager, pick(random, RELEASE_REASONS));
  } else if (application.outcome === 'Active' && random() < 0.08) {
    const entry = request(time.endOfStory(0.2), pick(random, CANCEL_REASONS));
    const reason = pick(random, REJECT_REASONS);
    story.decideCancel(time.endOfStory(0.35), manager, { approved: false, reason });
    Object.assign(entry, {
      status: 'Rejected',
      decidedBy: manager,
      decidedAt: time.endOfStory(0.35),
      decisionReason: reason,
    });
  }
  switch (application.outcome) {
    case 'OnHold':
      story.putOnHold(time.endOfStory(0.6), manager, pick(random, HOLD_REASONS));
      break;
    case 'CancelRequested':
      request(time.endOfStory(0.7), pick(random, CANCEL_REASONS));
      break;
    case 'Cancelled': {
      const at = time.endOfStory(0.6);
      if (random() < 0.6) {
        const entry = request(time.endOfStory(0.3), pick(random, CANCEL_REASONS));
        story.decideCancel(at, manager, { approved: true });
        Object.assign(entry, { status: 'Approved', decidedBy: manager, decidedAt: at });
      } else {
        const reason = random() < 0.7 ? pick(random, CANCEL_REASONS) : undefined;
        story.decideCancel(at, manager, { approved: true, direct: true, ...(reason ? { reason } : {}) });
        plan.cancelRequests.push({
          reason: reason ?? null,
          requestedBy: manager,
          requestedAt: at,
          status: 'Approved',
          decidedBy: manager,
          decidedAt: at,
          decisionReason: reason ?? null,
        });
      }
      break;
    }
    case 'Completed':
      story.complete(time.endOfStory(0.3), manager);
      break;
  }
}

/** A few comments between the two sides, some mentioning a person, some with a photo or a PDF. */
function addComments(
  context: PlanContext,
  random: Random,
  plan: PlannedPermit,
  people: { open: (at: Date) => boolean; ownerPeople: Person[]; applicantPeople: Person[] },
) {
  if (random() > 0.5) return;
  const { story } = plan;
  const count = 1 + Math.floor(random() * 4);
  const start = story.createdAt.getTime();
  const end = (plan.closedAt ?? context.now).getTime();
  const mentionable = new Map([...people.ownerPeople, ...people.applicantPeople].map((p) => [p.id, p.name]));
  for (let index = 0; index < count; index++) {
    const at = new Date(start + ((index + 0.3 + random() * 0.6) / count) * (end - start));
    if (!people.open(at)) continue;
    const fromOwner = index % 2 === 0;
    const author = pick(random, fromOwner ? people.ownerPeople : people.applicantPeople);
    const other = pick(random, fromOwner ? people.applicantPeople : people.ownerPeople);
    const stage = stageAt(story, at) ?? 'Application Review';
    let html = fromOwner
      ? pick(random, OWNER_COMMENTS[stage] ?? OWNER_COMMENTS['Application Review']!)
      : pick(random, ATTACHER_COMMENTS);
    if (random() < 0.4) html = `<p><span data-mention="${other.id}">@${other.name}</span> ${html.slice(3)}`;
    const clean = sanitizeCommentHtml(html, mentionable);
    const comment: PlannedComment = {
      id: newId(),
      permitId: story.permit.id,
      projectId: context.projectId,
      authorId: author.id,
      organizationId: fromOwner
        ? context.owner.organizationId
        : context.attachers[plan.application.applicant].organizationId,
      html: clean.html,
      mentions: clean.mentions,
      at,
    };
    plan.comments.push(comment);
    const withFile = random() < 0.15;
    if (withFile) {
      addFile(plan, {
        kind: fromOwner ? 'photo' : 'design',
        name: fromOwner ? `site-photo-${index + 1}.png` : `markup-${index + 1}.pdf`,
        by: author.id,
        organizationId: comment.organizationId,
        at,
        place: { commentId: comment.id, position: 0 },
        lines: ['Field markup', plan.application.location],
      });
    }
    story.log(
      at,
      author.id,
      'CommentAdded',
      `${author.name} commented${withFile ? ' with 1 file' : ''}`,
      null,
      {
        commentId: comment.id,
      },
    );
  }
}

/** The stage the permit was in at a moment, from the stages' start and completion times. */
function stageAt(story: PermitStory, at: Date) {
  const stage = story.progress.stages.find(
    (s) => s.startedAt && s.startedAt <= at && (!s.completedAt || s.completedAt > at),
  );
  return stage?.name ?? null;
}

/** How the demo's applications are spread: mostly being worked, some on hold, cancelled or completed. */
export function chooseOutcome(
  random: Random,
  taskCount: number,
): { outcome: PermitStatus; tasksDone: number } {
  const outcome = weighted<PermitStatus>(random, [
    ['Active', 0.6],
    ['OnHold', 0.09],
    ['CancelRequested', 0.06],
    ['Cancelled', 0.08],
    ['Completed', 0.17],
  ]);
  if (outcome === 'Completed') return { outcome, tasksDone: taskCount };
  if (outcome === 'Cancelled') return { outcome, tasksDone: Math.floor(random() * (taskCount - 2)) };
  // Every stage gets permits; a few have every task done and wait for the pole owner to complete them.
  return { outcome, tasksDone: random() < 0.05 ? taskCount : Math.floor(random() * taskCount) };
}
