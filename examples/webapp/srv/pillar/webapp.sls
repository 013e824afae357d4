scratch_dir: /tmp/halite-example
webapp:
  port: 8081
  sites:
    - example.org
    - example.net
