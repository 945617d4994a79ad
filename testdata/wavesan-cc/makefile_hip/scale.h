// wavesan-cc test input (Makefile project): the host helper that launches the kernel.
#pragma once
void scale_on_device(int *host, int n);
