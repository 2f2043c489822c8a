/**
 * `node --import tsx open-database-child.ts PATH`: open the studio's database as the studio
 * does and print "opened" or the refusal. Tests run it as another user (a file root may write
 * to is read-only to them).
 */
import { openDatabase } from '../../src-main/store/db';

try {
  openDatabase(process.argv[2]!).close();
  console.log('opened');
} catch (e) {
  console.log(e instanceof Error ? e.message : String(e));
}
