// Placeholder until tool-host lands.
int main() { return 0; }
