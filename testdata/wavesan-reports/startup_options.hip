// wavesan: a program that launches no kernel still parses WAVESAN_OPTIONS at startup:
// help=1 prints the options, a bad option exits with status 2 before main runs. Without
// arguments it only calls hipGetDeviceCount; with "props" it also prints the device's
// warpSize, which follows wave_size.
#include <hip/hip_runtime.h>

int main(int argc, char **argv) {
  int count = 0;
  hipGetDeviceCount(&count);
  std::printf("devices: %d\n", count);
  if (argc > 1 && std::strcmp(argv[1], "props") == 0) {
    hipDeviceProp_t props;
    hipGetDeviceProperties(&props, 0);
    std::printf("warpSize: %d\n", props.warpSize);
  }
  return 0;
}
