sub_vars:
  test.nop:
    - sls: {{ sls }}
    - slspath: '{{ slspath }}'
    - sls_path: '{{ sls_path }}'
    - slscolonpath: '{{ slscolonpath }}'
    - tpldir: '{{ tpldir }}'
    - tplfile: '{{ tplfile }}'
    - tpldot: '{{ tpldot }}'
