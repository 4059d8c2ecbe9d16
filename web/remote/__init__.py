"""Remote play in the page: shipped in remote.zip, loaded only when a remote game opens
(web/remote_kit.py)."""
