/**
 * The games added to the registry beyond the shipped ones: none. This is what `#extra-games`
 * resolves to in every build; the test build resolves it to tests/fixtures/games/index.ts
 * instead (package.json "imports", condition `studio-test-games`).
 */
export const extraGames = [] as const;
