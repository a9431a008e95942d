define dllexport void @wrap(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v7 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 4, i32 4, i16 64, i32 undef)
  %v8 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> undef, <4 x i32> %v7, i32 0, i32 4, i32 1, i16 80, i32 undef, i1 true)
  %v9 = call <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 4, i32 4, i16 0, i32 undef)
  %v10 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32> %v8, <4 x i32> %v9, i32 0, i32 4, i32 1, i16 96, i32 undef, i1 true)
  %v4 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32> %v10, i32 0, i32 8, i32 1, i16 80, i32 undef)
  %v5 = shl i32 %v0, 1
  call void @llvm.genx.oword.st.v8i32(i32 %arg1, i32 %v5, <8 x i32> %v4)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <4 x i32> @llvm.genx.rdregioni.v4i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v4i32.i16.i1(<32 x i32>, <4 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @wrap, !"wrap", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 2}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_only", !"buffer_t write_only"}
