pkg_vars:
  test.nop:
    - sls: {{ sls }}
    - slspath: '{{ slspath }}'
    - sls_path: '{{ sls_path }}'
    - tpldir: '{{ tpldir }}'
    - tplfile: '{{ tplfile }}'
