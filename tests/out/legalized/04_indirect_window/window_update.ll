define dllexport void @window_update(i32 %arg0, i32 %arg1, i32 %arg2) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v3 = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %arg1, i32 %v0)
  %v4 = and i32 %arg2, 7
  %v5 = shl i32 %v4, 4
  %v6 = trunc i32 %v5 to i16
  %v7 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 4, i32 1, i16 %v6, i32 4)
  %v8 = shl <4 x i32> %v7, <i32 1, i32 1, i32 1, i32 1>
  %v9 = add <4 x i32> %v8, %v3
  %v10 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> %v2, <4 x i32> %v9, i32 0, i32 4, i32 1, i16 %v6, i32 4, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v10)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32, i32)* @window_update, !"window_update", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2, i32 0}
!2 = !{i32 64, i32 68, i32 72}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"buffer_t read_only", !""}
