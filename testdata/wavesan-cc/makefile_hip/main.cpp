// wavesan-cc test input (Makefile project): host code, compiled by $(HIPCC) too.
#include <cstdio>
#include "scale.h"

int main() {
  int v[100];
  for (int i = 0; i < 100; ++i)
    v[i] = i;
  scale_on_device(v, 100);
  std::printf("%d %d %d\n", v[0], v[1], v[99]);
  return 0;
}
