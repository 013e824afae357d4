app:
  port: {{ app_port }}
