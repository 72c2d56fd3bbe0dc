import { Button, Group, List, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { usePreviewRenderer } from './api/preview-template';
import type { TemplateFormValues } from './template-form';
import { type LivePreview, useLivePreview } from './use-live-preview';

/** The alternative text of the rendered preview. */
export const PREVIEW_ALT = 'Preview of the template';

/**
 * Beside the editor (under it on a phone): the template rendered with the organisation's latest document as the
 * user types, with Refresh preview. A template that does not compile shows the compiler's line here, over the
 * last preview that worked.
 */
export function TemplatePreviewPane({ values }: { values: TemplateFormValues }) {
  const preview = useLivePreview(values, usePreviewRenderer());
  const heading = useId();
  const { image, updating, problem } = preview;
  return (
    <section className="template-preview" aria-labelledby={heading}>
      <Group justify="space-between" align="center" mb="xs" gap="xs">
        <Title order={2} size="h4" id={heading}>
          Preview
        </Title>
        <Group gap="xs">
          {updating && (
            <Text size="sm" c="dimmed">
              Updating…
            </Text>
          )}
          <Button variant="default" size="xs" onClick={preview.refresh}>
            Refresh preview
          </Button>
        </Group>
      </Group>
      {/* Read out when a problem appears or changes, not on every render. */}
      <div role="status">{problem && <PreviewProblem problem={problem} hasImage={image !== null} />}</div>
      <section
        className="template-preview-page"
        data-stale={(problem !== null && image !== null) || undefined}
        aria-label="Rendered preview"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: on a desktop the page is taller than the box, which the keyboard must reach to scroll.
        tabIndex={0}
      >
        {image ? (
          <img src={image} alt={PREVIEW_ALT} />
        ) : (
          <Text c="dimmed" p="md">
            {updating ? 'Rendering the preview…' : 'The preview shows here.'}
          </Text>
        )}
      </section>
    </section>
  );
}

function PreviewProblem({
  problem,
  hasImage,
}: {
  problem: NonNullable<LivePreview['problem']>;
  hasImage: boolean;
}) {
  return (
    <div className="template-preview-problem" data-kind={problem.kind}>
      <Text size="sm" fw={700}>
        {problem.kind === 'check' ? 'To see a preview:' : 'The preview is not up to date:'}
      </Text>
      <List size="sm">
        {problem.messages.map((message) => (
          <List.Item key={message}>{message}</List.Item>
        ))}
      </List>
      {problem.kind === 'render' && hasImage && (
        <Text size="sm" mt={4}>
          Below is the last preview that worked.
        </Text>
      )}
    </div>
  );
}
