ctx_vars:
  test.nop:
    - sls: {{ sls }}
    - slspath: '{{ slspath }}'
    - sls_path: '{{ sls_path }}'
    - slsdotpath: '{{ slsdotpath }}'
    - slscolonpath: '{{ slscolonpath }}'
    - tpldir: '{{ tpldir }}'
    - tplfile: '{{ tplfile }}'
    - tpldot: '{{ tpldot }}'
    - saltenv: {{ saltenv }}
    - id: {{ grains['id'] }}
    - optsid: {{ opts['id'] }}
