script_http:
  cmd.script:
    - source: http://127.0.0.1:38391/run.sh
    - args: hello

script_not_found:
  cmd.script:
    - source: http://127.0.0.1:38391/none.sh
