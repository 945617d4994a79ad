// A HIP library header (out of the emulator's scope): the build stops with an #error naming it.
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

int main() { return 0; }
