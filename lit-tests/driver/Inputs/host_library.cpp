// A host function in a static library the program links with -L/-l.
int scaleFactor() { return 3; }
