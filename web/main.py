"""Entry point: PyScript runs this file. Everything lives in web/app.py."""

from web.app import start

start()
