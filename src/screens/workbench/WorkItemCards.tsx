/** The to-do cards: what waits for the user, each linking to its list with the filter applied. */
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useT } from '../../renderer';
import type { WorkbenchTodoCard as TodoCard } from '../../generated/types';

const TONE: Record<string, string> = { warning: '#fa8c16', error: '#f5222d', processing: '#1677ff' };

export function TodoCards({ cards }: { cards: TodoCard[] }) {
  const t = useT();
  if (!cards.length) return <Empty description={t('workbench.noTodos')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Row gutter={[16, 16]}>
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={8} xl={6} xxl={4}>
          <Link to={c.href} data-testid={`todo-${c.key}`}>
            <Card hoverable size="small">
              <Statistic
                title={<Typography.Text type="secondary">{c.title}</Typography.Text>}
                value={c.count}
                valueStyle={{ color: c.count > 0 && c.tone ? TONE[c.tone] : undefined }}
              />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
}
