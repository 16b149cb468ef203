// Plain host code for a static library that also holds device code.
int hostOnly(int x) { return 2 * x; }
