crlf line
second {{ 2 }}
