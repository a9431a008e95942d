define dllexport void @bool_args32(i32 %arg0, <32 x i1> %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = shl i32 %v0, 3
  %v2 = call <32 x i32> @llvm.genx.oword.ld.v32i32(i32 0, i32 %arg0, i32 %v1)
  %v5 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %arg1, i32 0)
  %v6 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v7 = select <16 x i1> %v5, <16 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15>, <16 x i32> %v6
  %v8 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> undef, <16 x i32> %v7, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v9 = call <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1> %arg1, i32 16)
  %v10 = call <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32> %v2, i32 0, i32 16, i32 1, i16 64, i32 undef)
  %v11 = select <16 x i1> %v9, <16 x i32> <i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31>, <16 x i32> %v10
  %v12 = call <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32> %v8, <16 x i32> %v11, i32 0, i32 16, i32 1, i16 64, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v32i32(i32 %arg0, i32 %v1, <32 x i32> %v12)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <32 x i32> @llvm.genx.oword.ld.v32i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v32i32(i32, i32, <32 x i32>)
declare <16 x i1> @llvm.genx.rdpredregion.v16i1.v32i1(<32 x i1>, i32)
declare <16 x i32> @llvm.genx.rdregioni.v16i32.v32i32.i16(<32 x i32>, i32, i32, i32, i16, i32)
declare <32 x i32> @llvm.genx.wrregioni.v32i32.v16i32.i16.i1(<32 x i32>, <16 x i32>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, <32 x i1>)* @bool_args32, !"bool_args32", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 96}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t", !""}
