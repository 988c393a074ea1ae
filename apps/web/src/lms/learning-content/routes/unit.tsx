import '../styles';
import { Anchor, Button, Card, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/failure-alert';
import { RichText } from '../../../components/rich-text';
import { requireRight } from '../../../lib/require-right';
import { useUnit } from '../api/get-unit';
import { ContentHeader } from '../components/course-header';
import { ItemView } from '../components/item-view';
import { UnitNotice } from '../components/unit-notice';
import { contentPaths } from '../paths';

export const loader = requireRight('COURSE_DOCUMENT__DISPLAY');

/**
 * A unit read item by item, with previous and next (and on to the next unit). Light on
 * purpose: the first visit of this page stays small on a phone (no editor, no upload client).
 */
export default function UnitRoute() {
  const { t } = useTranslation();
  const params = useParams();
  const unitId = Number(params.unitId);
  const [search] = useSearchParams();
  const preview = search.get('preview') === '1';
  const query = useUnit(unitId, preview);
  const data = query.data;
  const items = data?.items ?? [];
  const wanted = params.itemId === undefined ? undefined : Number(params.itemId);
  const index = Math.max(
    0,
    items.findIndex((i) => i.id === wanted),
  );
  const item = items[index];
  const previous = items[index - 1];
  const next = items[index + 1];
  const link = (itemId: number) => contentPaths.unit(unitId, itemId, preview);
  return (
    <Stack gap="md" maw={960}>
      {query.isPending ? (
        <Loader role="status" aria-label={t('content.loading', 'Loading')} />
      ) : null}
      <ErrorAlert error={query.error} />
      {data ? (
        <>
          <ContentHeader
            programme={data.programme}
            course={data.course}
            title={data.unit.title}
            subtitle={
              items.length > 0
                ? t('content.itemOf', 'Item {{number}} of {{count}}', {
                    number: index + 1,
                    count: items.length,
                  })
                : undefined
            }
          />
          <UnitNotice view={data} />
          {index === 0 ? <RichText html={data.unit.summary} /> : null}
          {items.length > 1 ? (
            <nav aria-label={t('content.itemsOfUnit', 'Items of this unit')}>
              <ol className="lc-item-nav">
                {items.map((entry, i) => {
                  const done =
                    entry.done ||
                    (entry.task?.mine &&
                      entry.task.mine.state !== 'not_started' &&
                      entry.task.mine.state !== 'draft');
                  // The pill shows its number and title (cut short on narrow screens, whole in
                  // its name and tooltip); a done item's tick is said in words.
                  return (
                    <li key={entry.id}>
                      <Button
                        component={Link}
                        to={link(entry.id)}
                        size="compact-sm"
                        variant={i === index ? 'filled' : 'default'}
                        aria-current={i === index ? 'page' : undefined}
                        title={entry.title}
                        classNames={{ label: 'lc-item-pill-label' }}
                      >
                        {i + 1}. {entry.title}
                        {done ? (
                          <>
                            <span aria-hidden="true"> ✓</span>
                            <VisuallyHidden>, {t('content.itemDone', 'done')}</VisuallyHidden>
                          </>
                        ) : null}
                      </Button>
                    </li>
                  );
                })}
              </ol>
            </nav>
          ) : null}
          {item ? (
            <Card withBorder padding="md">
              <ItemView
                item={item}
                maySubmit={data.maySubmit}
                canMarkDone={data.isLearner && data.unit.availability !== 'not_open'}
              />
            </Card>
          ) : null}
          <Group justify="space-between" wrap="wrap">
            {previous ? (
              <Button component={Link} to={link(previous.id)} variant="default">
                {t('content.previous', 'Previous')}: {previous.title}
              </Button>
            ) : data.previousUnitId ? (
              <Button
                component={Link}
                to={contentPaths.unit(data.previousUnitId, undefined, preview)}
                variant="default"
              >
                {t('content.previousUnit', 'Previous unit')}
              </Button>
            ) : (
              <span />
            )}
            {next ? (
              <Button component={Link} to={link(next.id)}>
                {t('content.next', 'Next')}: {next.title}
              </Button>
            ) : data.nextUnitId ? (
              <Button component={Link} to={contentPaths.unit(data.nextUnitId, undefined, preview)}>
                {t('content.nextUnit', 'Next unit')}
              </Button>
            ) : (
              <Anchor component={Link} to={contentPaths.course(data.course.id)}>
                {t('content.backToCourse', 'Back to the course')}
              </Anchor>
            )}
          </Group>
          {items.length === 0 && data.unit.availability !== 'not_open' ? (
            <Text>{t('content.emptyUnit', 'This unit has nothing to read yet.')}</Text>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
