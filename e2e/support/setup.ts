import { setPasswordCostForTests } from '../../apps/server/src/modules/auth/passwords.ts';
import { TEST_PASSWORD_COST } from '../../apps/server/src/test/harness.ts';

// The servers the journeys start run in this worker: staff invited and passwords changed in a journey are hashed at
// the tests' cost too (apps/server/src/test/setup.ts says why).
setPasswordCostForTests(TEST_PASSWORD_COST);
