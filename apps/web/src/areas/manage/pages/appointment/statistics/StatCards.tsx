import { Card, Col, Row, Statistic } from 'antd';

/** The statistics' date range, "YYYY-MM-DD" both ends inclusive. */
export interface StatsRange {
  from: string;
  to: string;
}

/** Small figures above a tab's charts. */
export function StatCards({ items }: { items: { key: string; title: string; value: number | string }[] }) {
  return (
    <Row gutter={[16, 16]} className="yy-stats-cards">
      {items.map((i) => (
        <Col key={i.key} xs={12} md={6}>
          <Card size="small">
            <Statistic title={i.title} value={i.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
