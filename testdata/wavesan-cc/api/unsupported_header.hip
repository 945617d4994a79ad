// A ROCm header the emulator does not provide: the build stops with an #error naming it.
#include <hip/hip_runtime.h>
#include <hip/texture_types.h>

int main() { return 0; }
