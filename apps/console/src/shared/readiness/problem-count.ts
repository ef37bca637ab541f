/** "1 problem", "3 problems". */
export const problemCount = (n: number) => `${n} ${n === 1 ? 'problem' : 'problems'}`;
