import { Alert, Box, Button, Center, Divider, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconMessageCircle } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyStatePanel } from '../../../components/EmptyStatePanel';
import { CommentItem } from './CommentItem';
import { earlierCount } from './comment-pages';
import { PanelError } from './PanelError';
import { PanelListSkeleton } from './PanelListSkeleton';
import { COMMENT_PARAM } from './panel-tabs';
import { useCommentPages } from './use-comment-pages';
import { usePanelAbilities } from './use-panel-abilities';

// The editor (and its rich-text library) loads with the comments tab, not with the app.
const CommentComposer = lazy(() =>
  import('./CommentComposer').then((module) => ({ default: module.CommentComposer })),
);

/** The permit's conversation, oldest to newest, with the editor for a new comment beneath it. */
export function CommentsTab({ permitId }: { permitId: string }) {
  const [params] = useSearchParams();
  const focus = params.get(COMMENT_PARAM);
  const abilities = usePanelAbilities(permitId);
  const { comments, first, pages, locating, focusMissing, following } = useCommentPages(permitId, focus);
  const listEnd = useRef<HTMLDivElement>(null);
  const focusEditor = useRef<(() => void) | null>(null);

  // Show the linked comment, or the newest one when following the latest.
  const newestId = comments.at(-1)?.id;
  const focusShown = focus !== null && comments.some((comment) => comment.id === focus);
  useEffect(() => {
    if (focusShown && focus) {
      document.getElementById(`comment-${focus}`)?.scrollIntoView({ block: 'center' });
    } else if (following && newestId) {
      listEnd.current?.scrollIntoView({ block: 'nearest' });
    }
  }, [focus, focusShown, following, newestId]);

  if (locating || pages.isPending) return <PanelListSkeleton rows={4} withAvatar />;
  if (pages.isError) {
    return <PanelError what="The comments" onRetry={() => void pages.refetch()} />;
  }

  const earlier = first ? earlierCount(first) : 0;
  const composer = abilities.comment ? (
    <Suspense fallback={<Skeleton h={132} radius="sm" />}>
      <CommentComposer
        permitId={permitId}
        focusRef={focusEditor}
        onPosted={() => listEnd.current?.scrollIntoView({ block: 'nearest' })}
      />
    </Suspense>
  ) : null;

  return (
    <Stack gap="xs">
      {focusMissing ? (
        <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} />}>
          <Text size="xs">The linked comment is no longer on this permit; here are the latest comments.</Text>
        </Alert>
      ) : null}
      {comments.length === 0 ? (
        <EmptyStatePanel
          icon={IconMessageCircle}
          title="No comments yet — start the conversation"
          description="Ask a question, mention someone with @ to let them know, or attach a file for everyone on the permit."
          action={
            abilities.comment ? (
              <Button size="xs" variant="light" onClick={() => focusEditor.current?.()}>
                Write a comment
              </Button>
            ) : undefined
          }
        />
      ) : (
        <Box component="section" aria-label="Comments">
          {pages.hasPreviousPage ? (
            <Center mb={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={pages.isFetchingPreviousPage}
                onClick={() => void pages.fetchPreviousPage()}
              >
                Load earlier comments ({earlier})
              </Button>
            </Center>
          ) : null}
          <Stack gap={2}>
            {comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} highlighted={comment.id === focus} />
            ))}
          </Stack>
          {!following && pages.hasNextPage ? (
            <Center mt={4}>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={pages.isFetchingNextPage}
                onClick={() => void pages.fetchNextPage()}
              >
                Load later comments
              </Button>
            </Center>
          ) : null}
          <div ref={listEnd} />
        </Box>
      )}
      {composer ? <Divider /> : null}
      {composer}
    </Stack>
  );
}
