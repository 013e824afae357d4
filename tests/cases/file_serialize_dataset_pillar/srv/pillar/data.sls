app:
  config:
    cluster:
      name: demo
    nodes:
      - a
      - b
    port: 9200
