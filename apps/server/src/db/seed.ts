import { withTenant, type Db } from './client.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import { listTenants, updateTenant } from '../modules/tenants/tenants.repository.ts';
import { createTenant } from '../modules/tenants/tenants.service.ts';
import {
  findUserByAccount,
  insertDepartment,
  insertPosition,
  insertPost,
  insertUser,
} from '../modules/directory/directory.repository.ts';

/** The demo tenant's accounts; the README lists them too. */
export const demoAccounts = {
  admin: { account: 'admin', password: 'Admin@123456', name: '系统管理员' },
  user: { account: 'student', password: 'Student@123456', name: '张同学' },
} as const;

/**
 * On an empty database, creates the demo tenant (the super tenant) with an administrator,
 * an ordinary user, a department tree and posts, ready to use. Does nothing otherwise.
 * Returns whether it seeded.
 */
export async function seedDemoTenant(db: Db): Promise<boolean> {
  if ((await listTenants(db)).length > 0) return false;
  const { tenant, adminUserId } = await createTenant(
    null,
    db,
    {
      tenant_key: 'demo',
      name: '演示大学',
      name_en: 'Demo University',
      admin_account: demoAccounts.admin.account,
      admin_name: demoAccounts.admin.name,
      admin_password: demoAccounts.admin.password,
    },
    { isSuper: true },
  );
  const userHash = await hashPassword(demoAccounts.user.password);
  await withTenant(db, tenant.id, async (tx) => {
    const root = await insertDepartment(tx, tenant.id, { name: '演示大学', code: 'demo', parent: '' });
    const office = await insertDepartment(tx, tenant.id, { name: '信息化办公室', code: 'it-office', parent: root.id });
    const cs = await insertDepartment(tx, tenant.id, { name: '计算机学院', code: 'cs', parent: root.id });
    const staff = await insertPost(tx, tenant.id, { name: '教职工', code: 'staff' });
    const student = await insertPost(tx, tenant.id, { name: '学生', code: 'student' });
    const admin = await findUserByAccount(tx, tenant.id, demoAccounts.admin.account);
    await insertPosition(tx, tenant.id, { user_id: admin?.id ?? adminUserId, dept_id: office.id, post_id: staff.id });
    const user = await insertUser(tx, tenant.id, {
      account: demoAccounts.user.account,
      name: demoAccounts.user.name,
      username: demoAccounts.user.name,
      email: 'student@demo.edu.cn',
      phone: '13800000000',
      role: 'user',
      password_hash: userHash,
    });
    await insertPosition(tx, tenant.id, { user_id: user.id, dept_id: cs.id, post_id: student.id });
    await updateTenant(tx, tenant.id, { initialized_at: new Date() });
  });
  return true;
}
