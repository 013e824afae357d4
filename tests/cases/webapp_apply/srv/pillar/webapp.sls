scratch_dir: {{ salt['environ.get']('HALITE_SCRATCH') }}/site
webapp:
  port: 8081
  sites:
    - example.org
    - example.net
