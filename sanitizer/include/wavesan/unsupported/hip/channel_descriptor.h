// Generated list of headers wavesan's CPU emulator does not provide (see docs/wavesan.md).
#error "<hip/channel_descriptor.h> is not provided by wavesan's CPU emulator: it emulates the HIP runtime, device and memory API of <hip/hip_runtime.h>, <hip/hip_fp16.h>, <hip/hip_bf16.h>, <hip/hip_cooperative_groups.h> and <hip/hip_vector_types.h> only (docs/wavesan.md)"
