# Keywords cmd.run passes on to cmd.run_all (stdin, clean_env, prepend_path, rstrip,
# reset_system_locale, success_stdout) and the errors of invalid values. `group` is left out:
# Salt needs sudo for it, so its answer depends on the host.
stdin:
  cmd.run:
    - name: cat
    - stdin: 'one\ntwo'
clean_env:
  cmd.run:
    - name: echo "[$ONLY][$HOME][$LC_CTYPE]"
    - clean_env: True
    - env:
        ONLY: me
prepend:
  cmd.run:
    - name: 'echo $PATH | cut -d: -f1'
    - prepend_path: /opt/bin
norstrip:
  cmd.run:
    - name: printf 'x  \n\n'
    - rstrip: False
bad_shell:
  cmd.run:
    - name: echo hi
    - shell: /bin/nonexistent
bad_umask:
  cmd.run:
    - name: echo hi
    - umask: '0'
bad_retcodes:
  cmd.run:
    - name: 'false'
    - success_retcodes: [a]
str_timeout:
  cmd.run:
    - name: echo hi
    - timeout: 'x5'
success_out:
  cmd.run:
    - name: echo magic; exit 4
    - success_stdout: magic