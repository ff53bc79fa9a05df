// Vitest global setup: nothing shared yet; service helpers start what each test file needs.
export default function setup(): void {}
