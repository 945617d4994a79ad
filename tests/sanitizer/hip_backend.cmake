# hip_backend_test: Backend::Hip's no-device path (wavesan-reference's hip/ part), device
# tests that skip without an AMD GPU, and the emulator + real runtime in one binary.
# Included from tests/sanitizer/CMakeLists.txt after its wavesan-emu guard.
if(NOT TARGET wavesan-reference-hip)
  message(STATUS "wavesan: libamdhip64 not found: hip_backend_test is skipped")
  return()
endif()
wavesan_test(hip_backend_test ${CMAKE_CURRENT_SOURCE_DIR}/HipBackendTest.cpp
  ${CMAKE_CURRENT_SOURCE_DIR}/HipBackendDeviceTest.cpp ${CMAKE_CURRENT_SOURCE_DIR}/HipBackendEmuTest.cpp)
target_link_libraries(hip_backend_test PRIVATE wavesan-reference)
target_compile_definitions(hip_backend_test PRIVATE
  WAVESAN_TEST_BUILD_CODE_OBJECT="$<TARGET_PROPERTY:wavesan-reference-hip,WAVESAN_BUILD_CODE_OBJECT>"
  WAVESAN_TEST_INSTALL_CODE_OBJECT="$<TARGET_PROPERTY:wavesan-reference-hip,WAVESAN_INSTALL_CODE_OBJECT>")
add_test(NAME HipBackend.NoHipSymbolsDefined
         COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} "-DOBJECTS=$<JOIN:$<TARGET_OBJECTS:wavesan-reference-hip>,|>"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/check_hip_symbols.cmake)
