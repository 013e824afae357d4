cwd_missing:
  cmd.run:
    - name: pwd
    - cwd: /nonexistent/dir
env_bad:
  cmd.run:
    - name: echo x
    - env: notalist
stateful_bad:
  cmd.run:
    - name: 'echo "[1, 2]"'
    - stateful: True
stateful_parse:
  cmd.run:
    - name: 'echo; echo "a=b=c"'
    - stateful: True
no_output:
  cmd.run:
    - name: 'true'
    - stateful: True
stderr_only:
  cmd.run:
    - name: 'echo oops >&2'
    - stateful: True
