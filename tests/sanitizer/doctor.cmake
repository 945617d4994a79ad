# --- `wavesan doctor` tests --------------------------------
# doctor_test: the parsers on testdata/doctor/ and every runbook item on fake probes.
# doctor_cli_test: the CLI's text and JSON goldens (testdata/doctor/expected/), exit codes,
# and a run on this machine (no ROCm tools, no GPU: unknown rows, exit 0).
if(TARGET wavesan-doctor)
  wavesan_test(doctor_test DoctorParseTest.cpp DoctorCheckTest.cpp)
  target_link_libraries(doctor_test PRIVATE wavesan-doctor)
endif()
if(TARGET wavesan-doctor AND TARGET wavesan-cli)
  find_package(nlohmann_json 3 REQUIRED)   # parses the CLI's JSON output
  wavesan_test(doctor_cli_test DoctorCliTest.cpp)
  target_link_libraries(doctor_cli_test PRIVATE nlohmann_json::nlohmann_json)
  target_compile_definitions(doctor_cli_test PRIVATE WAVESAN_CLI="$<TARGET_FILE:wavesan-cli>")
  add_dependencies(doctor_cli_test wavesan-cli)
endif()
# --- end
